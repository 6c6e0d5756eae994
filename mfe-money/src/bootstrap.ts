// Nothing renders on its own: pages mount only as parcels inside the shell.
export {};
