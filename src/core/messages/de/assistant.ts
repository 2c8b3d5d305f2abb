import type { assistantEn } from '../en/assistant.js';

/** German: what an assistant's channel says itself (docs/mcp.md). Typed as the English area. */
export const assistantDe: typeof assistantEn = {
  assistant: {
    unknownTool: (name: string, near: string | undefined, example: string) =>
      `Es gibt kein Werkzeug „${name.slice(0, 40)}“.${near ? ` Meinten Sie ${near}?` : ''} Lassen Sie sich die Werkzeuge zuerst auflisten; rufen Sie zum Beispiel ${example} auf.`,
    notAnObject: (example: string) =>
      `Geben Sie die Argumente als Objekt benannter Werte an, z. B. ${example}.`,
    unknownField: (field: string, fields: string) =>
      `„${field.slice(0, 40)}“ ist kein Argument dieses Werkzeugs; es nimmt ${fields || 'keine Argumente'}.`,
    missingField: (field: string, example: string) => `„${field}“ fehlt; geben Sie es an, z. B. ${example}.`,
    wrongType: (field: string, expected: string, example: string) =>
      `„${field}“ muss ${expected} sein, z. B. ${example}.`,
    types: {
      text: 'ein Text',
      list: 'eine Liste von Texten',
      integer: 'eine ganze Zahl',
      flag: 'true oder false',
      choice: (values: string) => `eines von ${values}`,
    },
    consentTitle: 'In Ihrem Assistenten bestätigen',
    consentAnswer: 'Bestätigen',
    declined: 'Nicht bestätigt: Es wurde nichts gesendet.',
    waitsInChat: (where: string) =>
      `Ihr Assistent kann Sie nicht um Bestätigung bitten, daher habe ich die Frage an ${where} geschickt. Es geschieht nichts, bis Sie dort auf Bestätigen drücken.`,
    cannotConfirm:
      'Dies braucht Ihre Bestätigung, aber Ihr Assistent kann nicht danach fragen, und ich habe keinen privaten Chat mit Ihnen. Es wurde nichts gesendet. Nutzen Sie einen Assistenten mit Elicitation oder führen Sie den Befehl im Chat mit dem Bot aus.',
    secretWithheld: (where: string) =>
      `Ein Geheimnis (eine PIN oder ein Passwort) geht nie an einen Assistenten; lesen Sie es in ${where}.`,
    privateChat: 'Ihrem privaten Chat mit dem Bot',
    pinInChat:
      'Die PIN wird hier nie einem Assistenten gegeben, und ich habe keine eigene Seite, um sie abzufragen. Führe /topup in deinem privaten Chat mit dem Bot aus, oder gib die PIN als "pin" an, z. B. topup {"pin":"12345678"}.',
    pinPageAsk: 'Gib die PIN auf dieser einmaligen Seite des Bots ein: dein Assistent sieht sie nie.',
    pinPageLink: (url: string) =>
      `Die PIN wird nie einem Assistenten gegeben. Öffne ${url} und gib sie dort ein (die Seite gilt einmal, 5 Minuten lang): dann läuft die Anfrage, und Bestätigung und Ergebnis kommen in deinen privaten Chat mit dem Bot.`,
    pinNotGiven: 'Es wurde keine PIN eingegeben: nichts wurde gesendet.',
    pinExpired:
      'Die PIN-Seite ist abgelaufen, bevor eine PIN eingegeben wurde: nichts wurde gesendet. Rufe das Werkzeug für eine neue Seite erneut auf.',
    pinTaken: 'PIN erhalten. Zurück zu deinem Assistenten: dort geht es weiter.',
    pinToChat: 'PIN erhalten. Bestätigung und Ergebnis kommen in deinen privaten Chat mit dem Bot.',
    pinAccountChanged:
      'Dein aktives Konto hat sich geändert, seit die PIN-Seite geöffnet wurde, daher wurde nichts gesendet. Bitte deinen Assistenten um eine neue Seite.',
    pinNotEchoed: '(die PIN wird nicht wiederholt)',
    alreadyReceived:
      'Diese Anfrage (mit derselben ID) habe ich schon erhalten, und ich führe eine Anfrage nur einmal aus; die Antwort ging an die erste. Um sie noch einmal auszuführen, stellen Sie einen neuen Aufruf.',
    failed:
      'Bei mir ist etwas schiefgegangen; es wurde nichts weiter gesendet. Versuchen Sie es gleich noch einmal.',
    supportChannel:
      'Ein Support-Kanal, in dem Sie Agent sind (seine Chat-ID, z. B. C0123SUPPORT): Der Befehl läuft dort für sein Team, unter seinen Freigaberegeln. Lassen Sie es weg, um mit Ihren eigenen Konten zu handeln; dort gelten keine Freigaben.',
    ownAccounts:
      'Dies betraf Ihre eigenen Konten; dort gelten keine Freigaben. Um für ein Team unter seinen Freigaberegeln zu handeln, nennen Sie seinen Support-Kanal (support_channel).',
    postedInChannel:
      'Ich habe dies im Support-Kanal gepostet. Dort entscheidet eine freigebende Person; das Ergebnis kommt in Ihren privaten Chat mit dem Bot.',
    notPostedInChannel:
      'Die Anfrage wartet auf Freigabe, aber ich konnte sie nicht im Support-Kanal posten (der Bot läuft dort nicht von hier aus), also kann dort niemand sie freigeben. Sie verfällt in 30 Minuten von selbst; führen Sie den Befehl stattdessen im Support-Kanal aus.',
  },
};
