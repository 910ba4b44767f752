// Runs web/line-breaks.js (or the module named by the first argument) in
// Node over texts given on stdin, one JSON string a line, and prints for
// each a line with the JSON array of the UTF-16 indices it marks.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { lineBreaks } = await import(pathToFileURL(process.argv[2]).href);
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const flags = lineBreaks(JSON.parse(line)), marked = [];
  flags.forEach((flag, i) => flag && marked.push(i));
  out.push(JSON.stringify(marked));
}
process.stdout.write(out.map(line => line + '\n').join(''));
