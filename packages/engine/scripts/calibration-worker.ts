/**
 * Worker thread of the calibration harness (scripts/calibration.ts): scores a range of true studies of one plan
 * and truth on request (calibration-harness.ts scoreStudies) and posts the records back.
 */
import { parentPort } from 'node:worker_threads';
import { scoreStudies, type HarnessOptions, type StudyRecord } from './calibration-harness';
import type { PlanName } from './calibration-plans';

export interface CalibrationTask {
  id: number;
  plan: PlanName;
  truth: string;
  from: number;
  to: number;
  options: HarnessOptions;
}

export interface CalibrationReply {
  id: number;
  records?: StudyRecord[];
  error?: string;
}

parentPort?.on('message', (task: CalibrationTask) => {
  let reply: CalibrationReply;
  try {
    reply = { id: task.id, records: scoreStudies(task.plan, task.truth, task.from, task.to, task.options) };
  } catch (e) {
    reply = { id: task.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
