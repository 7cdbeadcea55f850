/** Types of scripts/build-inputs.mjs (a plain script, so that the build needs no TypeScript to run it). */
export declare const BUILD_INPUTS: readonly string[];
export declare const BUILD_DIGEST_FILE: string;
export declare function buildInputsDigest(root: string): string;
export declare function distIsCurrent(root: string): boolean;
