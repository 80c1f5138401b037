/**
 * The delivery-location refresh (design brief "Side effects": location sync): a BullMQ job per delivery provider
 * and schedule slot fetches the carrier's public feed, parses it (domain/delivery/feeds.ts) and hands the list to
 * the RefreshDeliveryLocations command, which records only what changed (domain/delivery/locations.ts).
 *
 * - Job name `refresh-delivery-locations`, data `{ providerId, slot }`; job id
 *   `refresh-delivery-locations-<providerId>-<slot>` where slot = floor(time in ms / interval in ms), so every worker
 *   process may enqueue the same slot and BullMQ keeps one job (conventions 9: job ids from what caused them).
 * - The fetch has a timeout (DELIVERY_FEED_TIMEOUT_MS, default 10 s). When the feed fails — network error, timeout,
 *   a status other than 2xx, a body that is not a location list, or a list without one valid location — the job
 *   falls back to the snapshot in data/delivery (source `snapshot`, which never overrides a list a live feed gave).
 *   A provider without a snapshot (itella-fi-parcel) and without a working feed is left as it is.
 * - The command id is derived from provider, slot and the list, so a redelivered job appends nothing twice.
 */
import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import { v5 as uuidv5 } from 'uuid';
import { refreshDeliveryLocations } from '../../commands/delivery/refresh-delivery-locations.js';
import { DELIVERY_SNAPSHOT_DIR, loadSnapshot } from '../../commands/delivery/snapshots.js';
import type { CommandContext } from '../../commands/shared/command-handler.js';
import { type ParsedFeed, parseLocationFeed } from '../../domain/delivery/feeds.js';
import type { LocationSource } from '../../domain/delivery/locations.js';
import { DELIVERY_PROVIDER_IDS, DELIVERY_PROVIDERS, type DeliveryProviderId, isDeliveryProviderId } from '../../domain/delivery/providers.js';
import type { DeliveryConfig } from '../../platform/config.js';
import type { EventStore } from '../../platform/event-store/port.js';

export const REFRESH_DELIVERY_LOCATIONS_JOB = 'refresh-delivery-locations';

/** Namespace of the refresh commands' ids. */
const REFRESH_NAMESPACE = '9c4b2e7a-1d3f-4a58-b6e0-2f8d7c1a5e34';

/** Data of a refresh job. */
export interface RefreshDeliveryLocationsJob {
  providerId: DeliveryProviderId;
  /** Schedule slot: floor(enqueue time in ms / refresh interval in ms). */
  slot: number;
}

/** BullMQ job id of a provider's refresh in one slot (no ':' — BullMQ reserves it). */
export const refreshJobId = (providerId: DeliveryProviderId, slot: number) => `${REFRESH_DELIVERY_LOCATIONS_JOB}-${providerId}-${slot}`;

/** How to fetch a feed: URL, method and body (itella.ee's feed is a form POST). */
export interface FeedRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

/** The feed request per provider with locations, from the configuration (null: no feed, snapshot only). */
export function feedRequests(config: Pick<DeliveryConfig, 'omnivaLocationsUrl' | 'itellaEeLocationsUrl' | 'itellaFiLocationsUrl'>): Record<DeliveryProviderId, FeedRequest | null> {
  const get = (url: string | null): FeedRequest | null => (url ? { url, method: 'GET' } : null);
  const itellaEe: FeedRequest | null = !config.itellaEeLocationsUrl
    ? null
    : config.itellaEeLocationsUrl.includes('admin-ajax.php')
      ? { url: config.itellaEeLocationsUrl, method: 'POST', body: 'nonce=&lang=et&action=ld_get_baltics_lockers', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : get(config.itellaEeLocationsUrl);
  return {
    'omniva-parcel': get(config.omnivaLocationsUrl),
    'omniva-po': get(config.omnivaLocationsUrl),
    'omniva-courier': null,
    'itella-ee-parcel': itellaEe,
    'itella-fi-parcel': get(config.itellaFiLocationsUrl),
  };
}

/**
 * Fetches and parses one provider's feed.
 * @param timeoutMs milliseconds until the request is aborted
 * @throws Error on a network error or timeout, a non-2xx status, a body that is not JSON; FeedFormatError when the
 *   JSON is not a location list
 */
export async function fetchLocationFeed(providerId: DeliveryProviderId, request: FeedRequest, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<ParsedFeed> {
  const response = await fetchImpl(request.url, {
    method: request.method,
    body: request.body,
    headers: { accept: 'application/json', ...request.headers },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${request.url} answered ${response.status}`);
  return parseLocationFeed(providerId, await response.json());
}

export interface RefreshReport {
  providerId: DeliveryProviderId;
  /** Where the list came from; `none` when neither the feed nor a snapshot gave one. */
  source: LocationSource | 'none';
  /** Why the feed was not used (null when it was). */
  feedError: string | null;
  /** Locations in the list applied (0 for `none`). */
  locations: number;
  /** Malformed rows left out of the list. */
  skipped: number;
  /** Events appended (0: nothing changed, or a snapshot that a live feed already superseded). */
  appended: number;
}

export interface RefreshDeps {
  store: EventStore;
  config: Pick<DeliveryConfig, 'omnivaLocationsUrl' | 'itellaEeLocationsUrl' | 'itellaFiLocationsUrl' | 'feedTimeoutMs'>;
  /** Current time, ISO-8601 UTC (command metadata). */
  now: () => string;
  fetch?: typeof fetch;
  /** Folder of the snapshots (default data/delivery). */
  snapshotDir?: string;
  log?: (line: string) => void;
}

/**
 * Refreshes one provider's locations: the live feed, else the snapshot. Never throws for a failing feed.
 * @throws Error for a provider without locations (omniva-courier); DomainError / event-store errors of the command
 *   (the job then fails and BullMQ retries it)
 */
export async function refreshProviderLocations(deps: RefreshDeps, providerId: DeliveryProviderId, slot: number): Promise<RefreshReport> {
  if (!DELIVERY_PROVIDERS[providerId].locations) throw new Error(`${providerId} has no locations to refresh`);
  const request = feedRequests(deps.config)[providerId];
  let list: ParsedFeed | null = null;
  let source: LocationSource = 'feed';
  let feedError: string | null = null;
  if (request) {
    try {
      list = await fetchLocationFeed(providerId, request, deps.config.feedTimeoutMs, deps.fetch);
      if (list.locations.length === 0) throw new Error(`${request.url} listed no valid location`);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      feedError = `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
      list = null;
    }
  } else {
    feedError = 'no feed configured';
  }
  if (!list) {
    source = 'snapshot';
    list = await loadSnapshot(providerId, deps.snapshotDir ?? DELIVERY_SNAPSHOT_DIR);
    deps.log?.(`delivery locations ${providerId}: feed not used (${feedError}); ${list ? 'using the snapshot' : 'no snapshot either, unchanged'}`);
  }
  if (!list) return { providerId, source: 'none', feedError, locations: 0, skipped: 0, appended: 0 };
  const digest = createHash('sha256').update(JSON.stringify(list.locations)).digest('hex');
  const commandId = uuidv5(`${providerId}/${slot}/${source}/${digest}`, REFRESH_NAMESPACE);
  const ctx: CommandContext = { commandId, correlationId: commandId, userId: null, now: deps.now() };
  const result = await refreshDeliveryLocations(deps.store, { providerId, source, locations: list.locations }, ctx);
  return { providerId, source, feedError, locations: list.locations.length, skipped: list.skipped, appended: result.events.length };
}


/**
 * The BullMQ processor of `refresh-delivery-locations` with its dependencies.
 * @throws Error for malformed job data (the job fails and stays in the failed set)
 */
export function createRefreshDeliveryLocationsProcessor(deps: RefreshDeps): (data: unknown) => Promise<RefreshReport> {
  return async (data) => {
    const { providerId, slot } = (data ?? {}) as Partial<RefreshDeliveryLocationsJob>;
    if (!isDeliveryProviderId(providerId) || !Number.isInteger(slot)) throw new Error(`Malformed ${REFRESH_DELIVERY_LOCATIONS_JOB} job: ${JSON.stringify(data)}`);
    return refreshProviderLocations(deps, providerId, slot!);
  };
}

/** Providers whose locations the schedule refreshes (every provider with locations). */
export const REFRESHED_PROVIDERS = DELIVERY_PROVIDER_IDS.filter((id) => DELIVERY_PROVIDERS[id].locations !== null);

/**
 * Enqueues the refresh of every provider with locations for the slot of `nowMs`; a slot already enqueued (by this
 * or another process) is not enqueued again (same job id). Completed jobs are kept for two intervals for that.
 * @returns the job ids
 */
export async function enqueueDeliveryLocationRefresh(queue: Pick<Queue, 'add'>, nowMs: number, intervalMs: number): Promise<string[]> {
  const slot = Math.floor(nowMs / intervalMs);
  const ageSeconds = Math.ceil((2 * intervalMs) / 1000);
  const ids: string[] = [];
  for (const providerId of REFRESHED_PROVIDERS) {
    const jobId = refreshJobId(providerId, slot);
    const data: RefreshDeliveryLocationsJob = { providerId, slot };
    await queue.add(REFRESH_DELIVERY_LOCATIONS_JOB, data, {
      jobId,
      attempts: 3,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: { age: ageSeconds },
      removeOnFail: { age: ageSeconds },
    });
    ids.push(jobId);
  }
  return ids;
}

/**
 * The schedule hook of the worker role: enqueues the refresh jobs on `queue` at once and then once per
 * `intervalMs` (DELIVERY_REFRESH_INTERVAL_MS, default daily); 0 disables it. The queue belongs to the caller (the
 * composition root), which closes it. Returns a function that stops the timer.
 */
export async function startDeliveryLocationSchedule(options: {
  queue: Pick<Queue, 'add'>;
  intervalMs: number;
  log: (line: string) => void;
  now?: () => number;
}): Promise<() => Promise<void>> {
  const { intervalMs, queue } = options;
  if (!intervalMs || intervalMs <= 0) return async () => {};
  const now = options.now ?? Date.now;
  const tick = () =>
    enqueueDeliveryLocationRefresh(queue, now(), intervalMs).catch((error) => options.log(`delivery location refresh not enqueued: ${(error as Error).message}`));
  await tick();
  // Check a few times per interval, so a slot starts soon after its boundary; the job id keeps it to one run.
  const timer = setInterval(tick, Math.max(1000, Math.min(intervalMs / 4, 3_600_000)));
  timer.unref();
  return async () => {
    clearInterval(timer);
  };
}
