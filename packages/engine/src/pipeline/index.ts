export * from './types';
export { isValidReplications, planSimulation } from './plan-simulation';
export { solveSimulation } from './solve-simulation';
export { runSimulationChunk } from './run-simulation-chunk';
export { finishSimulation } from './finish-simulation';
export { simulate, replicationRanges, simulationChunks, type SimulateOptions } from './simulate';
