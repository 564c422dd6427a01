export { Xoshiro128, fmix32 } from './xoshiro';
export { normal, exponential, gamma, gammaMeanOne, poisson, binomial } from './distributions';
export { zigguratExponential, zigguratNormal } from './ziggurat';
