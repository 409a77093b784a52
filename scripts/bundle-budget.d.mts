export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface RouteMeasure {
  route: string;
  files: { key: string; file: string; kb: number; stripe: boolean }[];
  kb: number;
  budgetKb: number;
  stripe: string[];
}
export declare const DIST: string;
export declare const ROUTE_PAGES: Record<string, string | null | { entry: string }>;
export declare function routeOf(pathname: string): string | null;
export declare const BUDGETS_KB: Record<string, number>;
export declare function firstLoadScripts(html: string): string[];
export declare function staticClosure(manifest: Manifest, keys: string[]): string[];
export declare function routeFirstLoad(manifest: Manifest, route: string): string[];
export declare function isStripeChunk(key: string, code: string): boolean;
export declare function measureRoutes(manifest: Manifest, readFile: (file: string) => Buffer): RouteMeasure[];
export declare function budgetProblems(routes: RouteMeasure[]): string[];
export declare function indexMismatch(manifest: Manifest, html: string): { fromHtml: string[]; fromManifest: string[] } | null;
export declare function readDist(dist?: string): { manifest: Manifest; html: string; readFile: (file: string) => Buffer };
