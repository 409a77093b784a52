import type { FastifyInstance } from 'fastify';
import { bearer } from '../support/auth.js';

// Script and HTML an attacker (or a compromised admin account) could store in campaign and event text, shared by
// the stored-XSS tests (API: stored-xss.test.ts, csv-injection.test.ts; browser: e2e/stored-xss.spec.ts keeps its
// own copy, since the e2e workspace does not import the API's sources).

export const XSS = {
  script: '<script>window.__xss=1</script>',
  img: '<img src=x onerror="window.__xss=2">',
  link: '<a href="javascript:window.__xss=3">Donate here</a>',
  svg: '"><svg onload="window.__xss=4">',
} as const;

/** A campaign title with every payload (under the title's length limit) and a description with them again. */
export const XSS_CAMPAIGN = {
  title: `Books ${XSS.img} ${XSS.svg}`,
  description: `Help us ${XSS.script} ${XSS.link} and ${XSS.img}`,
} as const;

export const XSS_EVENT = {
  title: `Camp ${XSS.svg} ${XSS.script}`,
  description: `A day out ${XSS.img} ${XSS.link}`,
  location: `Hall ${XSS.script}`,
  impact: `40 children ${XSS.img}`,
} as const;

/** Creates the campaign through POST /api/campaigns as a signed-in admin; answers its id. */
export async function createCampaignAsAdmin(app: FastifyInstance, token: string, fields: { title: string; description: string }): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: {
      ...fields,
      target_amount: 50000,
      status: 'active',
      is_featured: 'false',
      category: 'education',
      start_date: '2025-01-01',
      end_date: '2035-12-31',
    },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/campaigns: ${response.statusCode} ${response.body}`);
  return response.json().data.campaign.id as number;
}

/** Creates the event through POST /api/events as a signed-in admin; answers its id. */
export async function createEventAsAdmin(app: FastifyInstance, token: string, fields: typeof XSS_EVENT): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(token),
    payload: { ...fields, date: '2025-03-01', status: 'completed' },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/events: ${response.statusCode} ${response.body}`);
  return response.json().data.event.id as number;
}
