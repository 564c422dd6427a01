import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  isFinishedRunStatus,
  PlanIdParams,
  SIMULATION_STATUS_EVENT,
  type SimulationStatus,
} from '@predict/shared';
import { HttpError } from '../../http-errors';
import { readSimulationStatus } from '../../services/runs/request-simulation-run';
import { watchSimulationStatus } from '../../services/runs/watch-simulation-status';

/** A comment line this often keeps proxies from closing a quiet stream (ms). */
const KEEP_ALIVE_MS = 15_000;
/**
 * A stream ends after this long (ms) and EventSource opens a new one: the new request is authenticated again, so
 * an expired session does not keep receiving statuses.
 */
export const STATUS_STREAM_LIFETIME_MS = 5 * 60_000;
/** How long EventSource waits before reconnecting (ms). */
const RETRY_MS = 2_000;

export const NOT_EVENT_STREAM_MESSAGE =
  'This route streams server-sent events: send Accept: text/event-stream.';

const event = (status: SimulationStatus) =>
  `event: ${SIMULATION_STATUS_EVENT}\ndata: ${JSON.stringify(status)}\n\n`;

/**
 * Streams the plan's run status: the current one at once, then each change, and ends after the final one (or at
 * the lifetime, when the client leaves, or when the server closes). Headers set by the hooks so far (security
 * headers) go out with the stream's own.
 */
function streamStatus(
  app: FastifyInstance,
  open: Set<(closing: boolean) => void>,
  request: FastifyRequest,
  reply: FastifyReply,
  planId: number,
  first: SimulationStatus,
) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n${event(first)}`);
  if (isFinishedRunStatus(first.simOptRunStatus)) {
    raw.end();
    return;
  }

  let ended = false;
  /** Ends the stream; `closing`: the server is closing, so the connection goes too rather than idling on. */
  const end = (closing = false) => {
    if (ended) return;
    ended = true;
    watch.stop();
    clearInterval(keepAlive);
    clearTimeout(lifetime);
    open.delete(end);
    // The response lets go of its socket once finished: keep hold of it to close it after the last bytes.
    const socket = raw.socket;
    raw.end(() => {
      if (closing) socket?.destroy();
    });
  };
  const watch = watchSimulationStatus(app.database.db, planId, first, {
    onChange: (status) => {
      raw.write(event(status));
      if (isFinishedRunStatus(status.simOptRunStatus)) end();
    },
    onError: (error) => {
      request.log.warn({ err: error, planId }, 'status stream ended: the run could not be read');
      end();
    },
  });
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const lifetime = setTimeout(() => end(), STATUS_STREAM_LIFETIME_MS);
  keepAlive.unref();
  lifetime.unref();
  open.add(end);
  request.raw.on('close', () => end());
}

/** GET /ctpo/simulation/events/plan/{planId}: the run status pushed as it changes (issue 13 item 10). */
export async function statusEventsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The open streams, ended when the server closes (a stream would otherwise hold the close up).
  const open = new Set<(closing: boolean) => void>();
  app.addHook('preClose', () => {
    for (const end of [...open]) end(true);
  });

  r.get(
    '/ctpo/simulation/events/plan/:planId',
    {
      schema: {
        tags: ['simulation'],
        summary:
          "The plan's simulation run status as server-sent events (text/event-stream): a 'status' event with the " +
          'status answer now and at each change (read every 0.5 s), ending after COMPLETED_OK or a failure; ' +
          'authorized like the status route (the session cookie or a bearer token); 406 without ' +
          'Accept: text/event-stream',
        params: PlanIdParams,
        response: { 404: ErrorResponse, 406: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new HttpError(406, NOT_EVENT_STREAM_MESSAGE);
      }
      // 404 for an unknown plan, as an ordinary answer before the stream starts.
      const first = await readSimulationStatus(app.database.db, request.params.planId);
      streamStatus(app, open, request, reply, request.params.planId, first);
    },
  );
}
