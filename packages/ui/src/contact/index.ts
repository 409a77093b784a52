// Components of the contact area; each file exports its component, and this barrel re-exports them.
export {};
