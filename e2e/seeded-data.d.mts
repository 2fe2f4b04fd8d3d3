/** Types of seeded-data.mjs (run by node as it is, from serve.mjs and the specs). */
export function seededTemplateRoot(): string;
export function prepareSeededTemplate(): Promise<boolean>;
export function fillFromSeededTemplate(dataDir: string): Promise<boolean>;
export function removeSeededTemplate(): void;
