// Run in a fresh process by memory.ts: validates the 100,000-id file (through a LanguageService, as the
// language server does, then a one-character edit) and prints peak memory. Usage: node memoryChild.js [full]
import { validateFile } from '../src/core/validation';
import { LanguageService } from '../src/core/service';
import { SERVER_PARSE_OPTIONS } from '../src/server/protocol';
import { targetSettingsFile } from './common';

const text = targetSettingsFile(100_000).text;
const base = process.memoryUsage();
let heapPeak = base.heapUsed;
let rssPeak = base.rss;
const sample = (): void => {
  const m = process.memoryUsage();
  heapPeak = Math.max(heapPeak, m.heapUsed);
  rssPeak = Math.max(rssPeak, m.rss);
};
const timer = setInterval(sample, 5);
const service = new LanguageService(() => 'unset', { ...SERVER_PARSE_OPTIONS, fastPaths: process.argv[2] !== 'full' });
let version = 0;
const files: unknown[] = [];
for (const t of [text, text.replace('Shop (staging)', 'Shop (staginh)')]) {
  const file = service.parse('file:///bench/memory.yaml', ++version, t);
  sample();
  validateFile(file);
  sample();
  files.push(file);
}
clearInterval(timer);
sample();
const maxRssKb = process.resourceUsage().maxRSS;
process.stdout.write(JSON.stringify({ baseRss: base.rss, baseHeap: base.heapUsed, heapPeak, rssPeak, maxRss: maxRssKb * 1024, kept: files.length }) + '\n');
