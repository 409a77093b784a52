// The docs page of every component (autodocs) opens with the same three parts: what it is for, a short usage
// example and accessibility notes. One helper keeps the layout identical across ~70 pages; the props table
// below it comes from the component's TypeScript props (react-docgen, see .storybook/main.ts).

export interface ComponentDocs {
  /** One or two sentences: what the component is for and where the site uses it. */
  summary: string;
  /** A short TSX example; shown in a code block. */
  usage: string;
  /** Keyboard, labels, live regions, reduced motion: what the component guarantees and what the caller must do. */
  a11y: string[];
}

const FENCE = '```';

export function componentDescription({ summary, usage, a11y }: ComponentDocs): string {
  return [
    summary,
    '### Usage',
    `${FENCE}tsx\n${usage.trim()}\n${FENCE}`,
    '### Accessibility',
    a11y.map((note) => `- ${note}`).join('\n'),
  ].join('\n\n');
}

/** `parameters.docs` for a meta: `parameters: { docs: componentDocs({ … }) }`. */
export function componentDocs(docs: ComponentDocs) {
  return { description: { component: componentDescription(docs) } };
}
