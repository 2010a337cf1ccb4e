// The twin: the target's own tables mirrored into the reference server (read page by page through the API under
// test, each row read again by a second path, loaded as a fixtures folder and read back to prove it is the table),
// then the same requests sent to both, and each difference judged a failure of the API description or a
// difference from CKAN.
export type { TableToMirror, TwinTarget } from './types.ts';
export { buildMirror, type MirrorBuild } from './mirror.ts';
export { writeDataPackage, type PackageTable } from './package-writer.ts';
export { verifyMirror } from './verify-mirror.ts';
export { readCkanVersion } from './discover.ts';
export { judgePair, failureKind, type TwinJudgement } from './judge.ts';
export { buildTwinReport } from './report.ts';
export { verdictsPass } from './verdicts.ts';
