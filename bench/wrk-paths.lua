-- wrk's script for bench/catalog-load.bench.ts with LOADGEN=wrk (Debian's `wrk` package): every request is the next
-- line of the paths file given after `--` (one request path per line, made by the bench's scenario), so no query is
-- sent twice while the file has lines left; each thread takes every N-th line, from its own offset, and starts over
-- at the end. At the end one JSON line on stdout: requests, duration (microseconds), non-2xx/3xx answers, socket
-- errors and the latency percentiles (milliseconds) from wrk's own histogram.

local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local paths = {}
local nextIndex = 1

function init(args)
  local file = args[1]
  local count = tonumber(args[2])
  local i = 0
  for line in io.lines(file) do
    if i % count == id then paths[#paths + 1] = line end
    i = i + 1
  end
end

function request()
  local path = paths[nextIndex]
  nextIndex = nextIndex + 1
  if nextIndex > #paths then nextIndex = 1 end
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"status":%d,"socketErrors":%d,"p50":%.3f,"p95":%.3f,"p97_5":%.3f,"p99":%.3f}\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(97.5) / 1000,
    latency:percentile(99) / 1000))
end
