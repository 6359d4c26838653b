export type Finding = { file: string; line: number; rule: string; message: string };
export const ROOTS: string[];
export const ALLOWED: string[];
export const RULES: { id: string; test: (line: string) => boolean; message: string }[];
export function lintSource(text: string, file?: string): Finding[];
export function lintTree(base: string, roots?: string[]): Finding[];
