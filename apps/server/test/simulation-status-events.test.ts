import { request as httpRequest, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulationStatus } from '@predict/shared';
import { simulationRuns } from '../src/db/schema';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { addStudies, createPlan, ratesPlan } from './helpers/plans';
import { addPlanCountry, storeDates } from './helpers/run-fixtures';

let t: TestApp;
let base: string;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let studyId: number;
let plans = 0;

beforeAll(async () => {
  t = await createTestApp();
  // A real listening server: the stream is read as a browser reads it, chunk by chunk.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  planner = bearer(await t.token('planner'));
  viewer = bearer(await t.token('viewer'));
  [studyId] = (await addStudies(t, 'SSE-0001')) as [number];
});
afterAll(async () => t.close());

async function runnablePlan() {
  plans += 1;
  const plan = await createPlan(t, planner, studyId, ratesPlan({ studyPlanName: `Stream plan ${plans}` }));
  await addPlanCountry(t, plan.id, 0, { iso3: 'DEU', name: 'Germany', eu: true, sites: 10 });
  await addPlanCountry(t, plan.id, 1, { iso3: 'NLD', name: 'Netherlands', eu: true, sites: 8 });
  await storeDates(t, plan.id);
  return plan.id;
}

const eventsUrl = (planId: number) => `${base}/ctpo/simulation/events/plan/${planId}`;

/**
 * Opens a stream as EventSource does (Accept: text/event-stream), on a connection of its own: a pooled client
 * would keep spare connections the server cannot tell from slow requests.
 */
function openStream(
  planId: number,
  headers: Record<string, string> = viewer,
  accept = 'text/event-stream',
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(eventsUrl(planId), { agent: false, headers: { ...headers, accept } }, resolve);
    req.on('error', reject);
    req.end();
  });
}

const bodyOf = async (res: IncomingMessage) => {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return JSON.parse(text) as { message: string };
};

/** Reads `status` events off a stream as they arrive; `next()` waits for the next one (null once it ended). */
function statusEvents(res: IncomingMessage) {
  res.setEncoding('utf8');
  const chunks = res[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  return {
    async next(): Promise<SimulationStatus | null> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: status')) continue; // retry: and keep-alive comments
          return JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)) as SimulationStatus;
        }
        const { value, done } = await chunks.next();
        if (done) return null;
        buffer += value;
      }
    },
  };
}

const setRun = (simRunId: number, values: Partial<typeof simulationRuns.$inferInsert>) =>
  t.database.db.update(simulationRuns).set(values).where(eq(simulationRuns.simRunId, simRunId));

describe('GET /ctpo/simulation/events/plan/{planId}', () => {
  it('pushes each status as the run moves on and ends after the final one', async () => {
    const planId = await runnablePlan();
    const stream = await openStream(planId);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    const events = statusEvents(stream);
    expect(await events.next()).toEqual({
      simOptRunId: null,
      simOptRunStatus: 'NOT_STARTED',
      simOptRunMsg: 'Simulation has not started.',
      simOptRunDetail: null,
    });

    // A run requested while the page is open; the workers (here: direct writes, as another process would make)
    // move it on, and each change reaches the stream without the page asking.
    const requested = await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: planId },
    });
    const simRunId = requested.json().simOptRunId as number;
    expect(await events.next()).toMatchObject({ simOptRunId: simRunId, simOptRunStatus: 'REQUESTING' });

    await setRun(simRunId, {
      status: 'PROCESSING',
      message: 'Simulation is processing...',
      detail: '500 of 2000',
    });
    expect(await events.next()).toEqual({
      simOptRunId: simRunId,
      simOptRunStatus: 'PROCESSING',
      simOptRunMsg: 'Simulation is processing...',
      simOptRunDetail: '500 of 2000',
    });
    await setRun(simRunId, { detail: '2000 of 2000' });
    expect(await events.next()).toMatchObject({ simOptRunDetail: '2000 of 2000' });

    await setRun(simRunId, { status: 'COMPLETED_OK', message: 'Completed.', detail: null });
    expect(await events.next()).toMatchObject({ simOptRunStatus: 'COMPLETED_OK' });
    // The server ends the stream after the final status.
    expect(await events.next()).toBeNull();
  });

  it('answers a finished run at once and ends; 404, 401 and 406 as ordinary answers', async () => {
    const planId = await runnablePlan();
    await t.app.inject({
      method: 'POST',
      url: '/ctpo/runsimulation',
      headers: planner,
      payload: { studyPlanId: planId },
    });
    await t.database.db
      .update(simulationRuns)
      .set({ status: 'INTERNAL_ERROR', message: 'Simulation failed on an unexpected error.' })
      .where(eq(simulationRuns.studyPlanId, planId));
    const events = statusEvents(await openStream(planId));
    expect(await events.next()).toMatchObject({ simOptRunStatus: 'INTERNAL_ERROR' });
    expect(await events.next()).toBeNull();

    const unknown = await openStream(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(await bodyOf(unknown)).toMatchObject({ message: 'Plan not found.' });
    const anonymous = await openStream(planId, {});
    expect(anonymous.statusCode).toBe(401);
    await bodyOf(anonymous);
    const plain = await openStream(planId, viewer, 'application/json');
    expect(plain.statusCode).toBe(406);
    expect((await bodyOf(plain)).message).toContain('Accept: text/event-stream');
  });

  it('stops reading when the client leaves, and a server with an open stream closes', async () => {
    const planId = await runnablePlan();
    const left = await openStream(planId);
    expect(await statusEvents(left).next()).toMatchObject({ simOptRunStatus: 'NOT_STARTED' });
    left.destroy();
    // A stream still open must not hold up the server's close (afterAll closes it, within the hook's timeout).
    const open = statusEvents(await openStream(planId));
    expect(await open.next()).toMatchObject({ simOptRunStatus: 'NOT_STARTED' });
  });
});
