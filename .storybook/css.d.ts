// TypeScript 6 checks side-effect imports; stylesheets are handled by Vite, not by the compiler.
declare module '*.css';
