// Types of build-server.mjs, for the TypeScript that imports it (bench/startup.ts, bench/web.ts, the start-up test).
export declare const serverBundle: string;
export declare const serverSources: string[];
export declare const webIndex: string;
export declare const webSources: string[];
export declare function newest(path: string): number;
export declare function isStale(output: string, inputs: string[]): boolean;
export declare function buildServer(): Promise<void>;
export declare function ensureServerBuild(): Promise<number>;
export declare const nodeModulesExternal: import("esbuild").Plugin;
