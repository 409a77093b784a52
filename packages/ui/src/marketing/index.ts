// Components of the marketing area; each file exports its component, and this barrel re-exports them.
export {};
