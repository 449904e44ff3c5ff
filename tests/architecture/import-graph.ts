import { importsOf, resolveImport, type SourceFile } from './source-files'

/** Each file's imports of other files in the set, as paths from the repository root. */
export type ImportGraph = Map<string, string[]>

/**
 * Who imports whom among `files`, type imports included: a circle of types alone still ties the files
 * into one knot to read and to move, and erasing it at build time does not untie it.
 */
export function importGraph(files: SourceFile[]): ImportGraph {
  const paths = new Set(files.map((file) => file.path))
  const fileOf = (target: string) =>
    [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((path) =>
      paths.has(path),
    )
  return new Map(
    files.map((file) => [
      file.path,
      importsOf(file.text, file.path.endsWith('.tsx') ? 'tsx' : 'ts').flatMap((ref) => {
        const target = resolveImport(file.path, ref.specifier)
        const path = target === null ? undefined : fileOf(target)
        return path ? [path] : []
      }),
    ]),
  )
}

/** Circles found by a depth-first walk, each as the files around it with the first repeated at the end. */
export function circlesOf(graph: ImportGraph): string[][] {
  const done = new Set<string>()
  const path: string[] = []
  const circles: string[][] = []
  const visit = (file: string) => {
    const onPath = path.indexOf(file)
    if (onPath !== -1) {
      circles.push([...path.slice(onPath), file])
      return
    }
    if (done.has(file)) return
    path.push(file)
    for (const next of graph.get(file) ?? []) visit(next)
    path.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  return circles
}
