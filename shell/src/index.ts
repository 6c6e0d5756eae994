// Async boundary: federation must negotiate shared singletons (react, Mantine, the UI kit)
// before any module that imports them is evaluated.
void import('./bootstrap.tsx');
