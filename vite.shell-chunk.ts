/**
 * The client build's "shell" chunk: every module of the app (and every lucide icon) that the
 * root route imports, directly or not, statically. The root route is on every page, so every
 * page loads all of them anyway; left to the automatic splitting they came as a dozen chunks
 * of a few hundred bytes each (whichever routes share each one), and on the home page each
 * file cost about as much in response headers as in code (decision 056). React and React
 * Router stay in their own chunks.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
const GROUPED = /[\\/]app[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/;

/** Whether the root route imports each module, statically (memoised for one build). */
const reachesRoot = new Map<string, boolean>();

function importedByRoot(id: string, graph: ModuleGraph): boolean {
  const known = reachesRoot.get(id);
  if (known !== undefined) return known;
  reachesRoot.set(id, false); // an import cycle back to this module proves nothing
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  const reaches = importers.some(
    (importer) => ROOT_ROUTE.test(importer) || importedByRoot(importer, graph),
  );
  reachesRoot.set(id, reaches);
  return reaches;
}

/** `codeSplitting` group name: `shell` for the root route's modules, else automatic splitting. */
export function shellChunk(id: string, graph: ModuleGraph): string | null {
  if (!GROUPED.test(id) || ROOT_ROUTE.test(id)) return null;
  return importedByRoot(id, graph) ? 'shell' : null;
}
