// The carrier's line platform (MVNO operations: the subscriber's SIM and number), the sandbox
// this server plays or the live REST API (live-line-platform.ts). Every call carries an
// idempotency key: the same key asked twice (a retry after a timeout, two servers) does the
// work once and answers the first answer again.

export type CarrierOperation = 'suspend' | 'resume' | 'swap_sim' | 'terminate' | 'add_data' | 'reserve_mnp';

export interface MnpReservation {
  /** Ten digits. */
  reservationNo: string;
  /** Tokyo date, the last day it can be used (contract/lifecycle-rules.ts portOutValidUntil). */
  validUntil: string;
}

export interface LinePlatform {
  readonly name: string;
  /** Stops data and calls on the SIM (lost, paused, staff's stop); the number is kept. */
  suspend(p: { key: string; iccid: string; msisdn: string }): Promise<void>;
  resume(p: { key: string; iccid: string; msisdn: string }): Promise<void>;
  /** Moves the number to a new SIM; the old one never works again. */
  swapSim(p: { key: string; msisdn: string; oldIccid: string; newIccid: string }): Promise<void>;
  /** Ends the subscription: the SIM and the number are released. */
  terminate(p: { key: string; iccid: string; msisdn: string }): Promise<void>;
  /** Adds high-speed data until a day (a top-up): the speed limit lifts at once. */
  addData(p: { key: string; iccid: string; msisdn: string; megabytes: number; validUntil: string }): Promise<void>;
  /** Issues an MNP reservation number for taking the number to another carrier. */
  reserveMnp(p: { key: string; msisdn: string; today: string }): Promise<MnpReservation>;
}

/** The platform could not be reached or refused (never holds a subscriber's data). */
export class CarrierUnavailableError extends Error {
  override name = 'CarrierUnavailableError';
}
