// drizzle-kit is hoisted to the root node_modules while npm keeps drizzle-orm inside apps/api/node_modules,
// so drizzle-kit cannot find it. Its require() calls are pointed here by NODE_PATH, its import() calls by this
// resolve hook. Used only by `npm run db:generate`; registered through --import (see package.json).
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    const base = ${JSON.stringify(import.meta.url)};
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
        return next(specifier, { ...context, parentURL: base });
      }
      return next(specifier, context);
    }
  `)}`,
);
