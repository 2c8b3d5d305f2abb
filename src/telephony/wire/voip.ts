import { z } from 'zod';
import { Secret } from '../secret.js';
import { type AccountSummary, commonFields, summary } from './account.js';
import { bool, mapOf, optStr, str } from './fields.js';

// ---- 2.8 VoIP lines -------------------------------------------------------------------------------------

export interface VoipLine {
  /** The map key, `sip_<n>`. */
  id: string;
  type: string;
  username: string;
  /** Decoded from base64; printed as `[redacted]`. */
  password: Secret;
  host: string;
  port: number | undefined;
  domain: string;
  stunServer: string;
  proxy: string;
  prefix: string;
  transports: { tls: boolean; tcp: boolean; udp: boolean; standardPorts: boolean };
  options: Record<string, boolean>;
  unknownIncomingCallName: string;
}

const voipEntry = z.looseObject({
  type: optStr,
  username: str,
  password: optStr,
  ip: optStr,
  domain: optStr,
  stun_server: optStr,
  proxy: optStr,
  prefix: optStr,
  transport_tls: bool,
  transport_tcp: bool,
  transport_udp: bool,
  transport_use_standard_ports: bool,
  forbid_self_call: bool,
  echo_cancellation: bool,
  escape_plus: bool,
  enable_outbound_proxy: bool,
  wifi_only: bool,
  codec_speex16: bool,
  codec_speex8: bool,
  codec_ilbc: bool,
  unknown_incoming_call_name: optStr,
});

export interface VoipList {
  account: AccountSummary;
  lines: VoipLine[];
}

export const voiplistBody = z
  .looseObject({ ...commonFields, voiplist: mapOf(voipEntry) })
  .transform((b, ctx): VoipList => {
    const lines = Object.entries(b.voiplist)
      .sort(([a], [c]) => a.localeCompare(c, 'en', { numeric: true }))
      .map(([id, e]): VoipLine => {
        const [host = '', port] = (e.ip ?? '').split(/:(?=\d+$)/);
        return {
          id,
          type: e.type ?? '',
          username: e.username,
          password: new Secret(Buffer.from(e.password ?? '', 'base64').toString('utf8')),
          host,
          port: port === undefined ? undefined : Number(port),
          domain: e.domain ?? '',
          stunServer: e.stun_server ?? '',
          proxy: e.proxy ?? '',
          prefix: e.prefix ?? '',
          transports: {
            tls: e.transport_tls,
            tcp: e.transport_tcp,
            udp: e.transport_udp,
            standardPorts: e.transport_use_standard_ports,
          },
          options: {
            forbidSelfCall: e.forbid_self_call,
            echoCancellation: e.echo_cancellation,
            escapePlus: e.escape_plus,
            enableOutboundProxy: e.enable_outbound_proxy,
            wifiOnly: e.wifi_only,
            codecSpeex16: e.codec_speex16,
            codecSpeex8: e.codec_speex8,
            codecIlbc: e.codec_ilbc,
          },
          unknownIncomingCallName: e.unknown_incoming_call_name ?? '',
        };
      });
    return { account: summary(b, ctx), lines };
  });
