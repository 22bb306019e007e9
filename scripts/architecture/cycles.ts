/**
 * Cycles in a directed graph: Tarjan's strongly connected components, then one concrete loop through each
 * component, so a failure names the edges to cut.
 */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  const lowerLowLink = (node: string, candidate: number | undefined) => {
    lowLink.set(node, Math.min(lowLink.get(node) ?? 0, candidate ?? 0));
  };

  /** Pops the stack down to `root`: the nodes popped form one strongly connected component. */
  const popComponent = (root: string) => {
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== root);
    return component;
  };

  const connect = (node: string) => {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowerLowLink(node, lowLink.get(next));
      } else if (onStack.has(next)) {
        lowerLowLink(node, index.get(next));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component = popComponent(node);
    const selfLoop = component.length === 1 && graph.get(node)?.has(node);
    if (component.length > 1 || selfLoop) components.push(component);
  };

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => loopThrough(graph, new Set(component)));
}

/** A shortest loop from the component's first node (sorted) back to itself, staying inside the component. */
function loopThrough(graph: Map<string, Set<string>>, component: Set<string>): string[] {
  const start = [...component].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(next)) continue;
      if (next === start) return [...pathBack(cameFrom, start, node), start];
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The breadth-first path from `start` to `node`, read back through `cameFrom`. */
function pathBack(cameFrom: Map<string, string>, start: string, node: string): string[] {
  const path = [node];
  while (path[0] !== start) path.unshift(cameFrom.get(path[0] as string) as string);
  return path;
}
