// The shell loads this remote through remoteEntry.js and its './App' expose; the entry only
// keeps an async boundary so shared modules resolve before any of the remote's code runs.
void import('./bootstrap.ts');
