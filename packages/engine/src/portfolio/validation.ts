/**
 * Time-ordered validation of a portfolio fit (calibration.md section 4): fit on the studies that finished before a
 * cut date, forecast the later ones with the fitted settings and score them (scoring.ts). The engine does the
 * split and the fit; the caller (the server) runs the forecasts of the later studies and scores them.
 */
import { fitPortfolio } from './fit-portfolio';
import type { CompletedStudy, PortfolioFit, PortfolioFitOptions } from './types';

/** Studies finished before `cutMs` (ms since the epoch) and the others, each in input order. */
export function splitByFinish<T extends Pick<CompletedStudy, 'finishedMs' | 'id'>>(
  studies: readonly T[],
  cutMs: number,
): { before: T[]; after: T[] } {
  const before: T[] = [];
  const after: T[] = [];
  for (const s of studies) {
    if (s.finishedMs === undefined) throw new RangeError(`Study ${s.id} has no finish date.`);
    (s.finishedMs < cutMs ? before : after).push(s);
  }
  return { before, after };
}

/**
 * Fits on the studies finished before `cutMs` (throws PortfolioTooSmallError when fewer than 8) and returns the
 * fit with the later studies, which the caller forecasts with `fit.settings` and scores.
 */
export function fitBeforeCut(
  studies: readonly CompletedStudy[],
  cutMs: number,
  options: PortfolioFitOptions = {},
): { fit: PortfolioFit; later: CompletedStudy[] } {
  const { before, after } = splitByFinish(studies, cutMs);
  return { fit: fitPortfolio(before, options), later: after };
}
