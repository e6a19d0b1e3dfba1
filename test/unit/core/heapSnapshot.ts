// What a heap snapshot of this process holds (a snapshot collects garbage first): for the tests of
// what a parse keeps alive.
import { getHeapSnapshot } from 'node:v8';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

async function heapSnapshot(): Promise<Snapshot> {
  let json = '';
  for await (const chunk of getHeapSnapshot()) json += String(chunk);
  return JSON.parse(json) as Snapshot;
}

/** How many nodes of the heap `keep` accepts, given each one's type, name and size in bytes. */
async function countNodes(keep: (type: string, name: string, bytes: number) => boolean): Promise<number> {
  const { snapshot, nodes, strings } = await heapSnapshot();
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const type = fields.indexOf('type');
  const name = fields.indexOf('name');
  const size = fields.indexOf('self_size');
  let count = 0;
  for (let i = 0; i < nodes.length; i += fields.length) if (keep(types[nodes[i + type]!]!, strings[nodes[i + name]!]!, nodes[i + size]!)) count++;
  return count;
}

/** How many flat one-byte strings on the heap are `min` to `max` characters long (as many bytes, plus a header). */
export function stringsOfLength(min: number, max: number): Promise<number> {
  return countNodes((type, _name, bytes) => type === 'string' && bytes >= min && bytes <= max + 32);
}

/** How many objects on the heap a class of this name made. */
export function objectsOf(className: string): Promise<number> {
  return countNodes((type, name) => type === 'object' && name === className);
}
