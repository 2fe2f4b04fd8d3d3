import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a service may want to know of the request it serves without taking it as a parameter:
 * the client's address, for the audit log (decision 203). Set for every request by app.ts's
 * onRequest hook; outside a request (jobs, start-up) there is none.
 */
export interface RequestContext {
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run: <T>(context: RequestContext, work: () => T): T => storage.run(context, work),
  current: (): RequestContext | undefined => storage.getStore(),
};
