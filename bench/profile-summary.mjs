// Sums a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) by self time: the top functions
// and the top files (node_modules packages as one entry each), each with its share of all samples.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [--top 25] [--from <ms>] [--match <text>]
//   --from <ms>    skip the first <ms> of the profile (the start, before the load began)
//   --match <text> also the share of samples whose stack holds a frame whose function or file contains <text>
// See bench/README.md ("Finding: where a request's CPU goes") for the command lines that make a profile.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    from: { type: 'string', default: '0' },
    match: { type: 'string', multiple: true, default: [] },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N] [--from ms] [--match text]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const top = Number(values.top);
const fromMicros = Number(values.from) * 1000;

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

/** A file as a short label: a package under node_modules, else the path from the repository's apps/ or packages/. */
const fileLabel = (url) => {
  if (!url) return '(native / V8)';
  const file = url.replace(/^file:\/\//, '');
  const inModules = file.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = file.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (file.startsWith('node:')) return file;
  const inRepo = file.search(/(apps|packages)\//);
  return inRepo >= 0 ? file.slice(inRepo) : path.basename(file);
};

// Samples with their times; the first sample's delta is from startTime.
const counts = new Map();
let time = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  time += profile.timeDeltas[i] ?? 0;
  if (time - profile.startTime < fromMicros) continue;
  counts.set(profile.samples[i], (counts.get(profile.samples[i]) ?? 0) + 1);
  total += 1;
}

const byFunction = new Map();
const byFile = new Map();
const matched = new Map(values.match.map((text) => [text, 0]));
let idle = 0;
for (const [id, count] of counts) {
  const { callFrame } = nodes.get(id);
  const name = callFrame.functionName || '(anonymous)';
  if (name === '(idle)') idle += count;
  const file = fileLabel(callFrame.url);
  const key = `${name} ${file}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  byFile.set(file, (byFile.get(file) ?? 0) + count);
  for (const text of matched.keys()) {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (frame.functionName.includes(text) || frame.url.includes(text)) {
        matched.set(text, matched.get(text) + count);
        break;
      }
    }
  }
}

const busy = total - idle;
const pct = (count) => `${((count * 100) / busy).toFixed(1).padStart(5)} %`;
const list = (title, map) => {
  console.log(`\n${title} (self time, share of ${busy} busy samples)`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (key.startsWith('(idle)')) continue;
    console.log(`${pct(count)}  ${key}`);
  }
};
const interval = profile.samples.length > 1 ? (profile.endTime - profile.startTime) / profile.samples.length : 0;
console.log(
  `${positionals[0]}: ${total} samples (~${interval.toFixed(0)} µs apart), ${idle} idle, ${busy} busy (${((busy * 100) / total).toFixed(0)} %)`,
);
list('top functions', byFunction);
list('top files', byFile);
if (matched.size > 0) {
  console.log('\nstacks holding a frame that matches (inclusive share of busy samples)');
  for (const [text, count] of matched) console.log(`${pct(count)}  ${text}`);
}
