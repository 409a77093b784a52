import { Type, type Static } from 'typebox';
import { Ok, StringEnum } from './common';

// GET /api/health: for load balancers, start scripts and humans.

export const HealthReply = Ok(
  Type.Object({ status: Type.String(), database: Type.String(), driver: StringEnum(['pglite', 'postgres'] as const) }),
);
export type HealthReply = Static<typeof HealthReply>;
