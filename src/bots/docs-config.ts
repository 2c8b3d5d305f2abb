import { readFileSync, writeFileSync } from 'node:fs';
import { configReferenceMarkdown } from './config.js';

/** Regenerates docs/configuration.md's table from the zod schema (`npm run docs:config`). */
const path = new URL('../../docs/configuration.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const next = readme.replace(
  /<!-- config:start -->[\s\S]*<!-- config:end -->/,
  `<!-- config:start -->\n${configReferenceMarkdown()}\n<!-- config:end -->`,
);
writeFileSync(path, next);
