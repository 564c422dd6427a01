export * from './messages';
export * from './activation-profile-rules';
export * from './seasonal-variation-rules';
