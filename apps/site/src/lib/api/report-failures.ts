import { TimeoutError, type Input, type KyInstance, type Options, type ResponsePromise } from 'ky';

/** Turns a call's failure into what its caller sees; runs once per failed call. */
export type FailureReporter = (error: unknown, options: Options) => Error;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;
const BODY_READERS = ['json', 'text', 'blob', 'arrayBuffer', 'formData', 'bytes'] as const;
type BodyReader = (typeof BODY_READERS)[number];

/**
 * Wraps a ky 1 instance so each call's failure reaches `report` exactly once, after ky has finished retrying: an
 * error reply, a time-out, no reply at all, or a successful reply whose body is not JSON or stops arriving. ky 2 did
 * this through its beforeError hooks; ky 1 runs those only for error replies, once per attempt (decision 018).
 *
 * It also keeps two more things ky 2 did: `.json()` of an empty body reads as undefined (ky 1 gives ''), and reading a
 * successful reply's body is bounded by the call's `timeout` like the wait for the reply itself (ky 1 bounds only
 * the wait).
 */
export function reportingFailures(instance: KyInstance, report: FailureReporter, settings: { timeout: number | false }): KyInstance {
  const call = (input: Input, options: Options = {}, method?: (typeof METHODS)[number]): ResponsePromise => {
    const timeout = options.timeout ?? settings.timeout;
    // Aborted when reading the body overruns, to drop the connection. ky joins any signal it is given to its own with
    // AbortSignal.any, which browsers from before 2024 lack: there the overrun is still reported, only not cancelled,
    // and a call without a signal of its own goes out as it did with ky 2.
    const overrun = typeof AbortSignal.any === 'function' ? new AbortController() : undefined;
    let sent: Request | undefined;
    let parsedBody = false;
    const signal = overrun && options.signal ? AbortSignal.any([options.signal, overrun.signal]) : (overrun?.signal ?? options.signal);
    const callOptions: Options = {
      ...options,
      ...(signal && { signal }),
      // ky 1 returns '' for an empty body without calling this; a call to it means there was a body.
      parseJson: (text) => {
        parsedBody = true;
        return JSON.parse(text) as unknown;
      },
      hooks: {
        ...options.hooks,
        beforeRequest: [
          ...(options.hooks?.beforeRequest ?? []),
          (request) => {
            sent = request;
          },
        ],
      },
    };
    const original = method ? instance[method](input, callOptions) : instance(input, callOptions);

    // One report per thrown value: the bare promise and a body method see the same failure when the call fails.
    const reports = new Map<unknown, Error>();
    const reportOnce = (error: unknown): Error => {
      let reported = reports.get(error);
      if (!reported) {
        reported = report(error, options);
        reports.set(error, reported);
      }
      return reported;
    };

    const response = original.catch((error: unknown) => {
      throw reportOnce(error);
    });
    // A caller that only reads the body (`.json()`) never awaits this promise; its failure is reported all the same.
    response.catch(() => undefined);

    const read = (type: BodyReader) => async () => {
      // Called at once, as ky expects, so the Accept header matches the body asked for.
      const reading: Promise<unknown> = original[type]();
      reading.catch(() => undefined);
      try {
        await original;
        const value = sent && timeout !== false ? await withinTime(reading, timeout, sent, () => overrun?.abort()) : await reading;
        return type === 'json' && !parsedBody ? undefined : value;
      } catch (error) {
        throw reportOnce(error);
      }
    };

    // Only the readers this runtime has: ky offers .bytes() only where Response has it.
    const readers = BODY_READERS.filter((type) => typeof original[type] === 'function').map((type) => [type, read(type)]);
    return Object.assign(response, Object.fromEntries(readers)) as unknown as ResponsePromise;
  };

  const unsupported = (): never => {
    throw new Error("The site's API client is made by createApiClient: give it the options there");
  };
  return Object.assign((input: Input, options?: Options) => call(input, options), {
    ...Object.fromEntries(METHODS.map((method) => [method, (input: Input, options?: Options) => call(input, options, method)])),
    create: unsupported,
    extend: unsupported,
    stop: instance.stop,
    retry: instance.retry,
  }) as unknown as KyInstance;
}

/** `reading`, or a TimeoutError once `timeout` ms have passed since the reply arrived. */
function withinTime<T>(reading: Promise<T>, timeout: number, request: Request, abort: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      abort();
      reject(new TimeoutError(request));
    }, timeout);
    reading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
