import { useState } from 'react';

/**
 * A list page's add/edit form and delete prompt. They share one error line, cleared whenever
 * either opens, so a failure from one never shows in the other.
 */
export function useManagedDialogs<T>() {
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  return {
    formOpen,
    /** null while adding a new one. */
    editing,
    deleting,
    dialogError,
    setDialogError,
    openNew: () => {
      setEditing(null);
      setDialogError(null);
      setFormOpen(true);
    },
    openEdit: (item: T) => {
      setDialogError(null);
      setEditing(item);
      setFormOpen(true);
    },
    openDelete: (item: T) => {
      setDialogError(null);
      setDeleting(item);
    },
    closeForm: () => {
      setFormOpen(false);
      setEditing(null);
      setDialogError(null);
    },
    closeDelete: () => setDeleting(null),
  };
}
