// Types for the TypeScript side (the content test) of this JavaScript build script.
export declare const WIDTHS: readonly number[];
export declare const VIEW_WIDTH: number;
export declare const VIEW_HEIGHT: number;
export declare const SCENES: Record<string, () => string>;
/** The file stems of the generated illustrations, e.g. 'hero-learning' → hero-learning-960.webp. */
export declare const SCENE_NAMES: readonly string[];
export declare function sceneSvg(name: string, width: number): string;
