/**
 * One Save for a page of several settings groups (issue 24 item 13: Payment Settings saves what
 * the user just edited from one obvious button). Each group (a card with its own stored values)
 * says whether it has unsaved edits and how to save them; the page's one button saves every
 * group that has some, each checked first with its messages beside its fields.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** Saves the group's edits: false when they were refused (the group shows why) or failed. */
export type SaveGroupAction = () => Promise<boolean>;

/**
 * A form's group save: the form checks its values first (react-hook-form's `handleSubmit`, its
 * messages beside the fields, `onInvalid` told which), then `send` stores the checked body; true
 * only when it was stored.
 */
export function checkedSave<T, E>(
  handleSubmit: (
    valid: (body: T) => Promise<unknown>,
    invalid: (errors: E) => void,
  ) => () => Promise<unknown>,
  send: (body: T) => Promise<unknown>,
  onInvalid: (errors: E) => void = () => {},
): SaveGroupAction {
  return () =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        (body) =>
          send(body).then(
            () => resolve(true),
            () => resolve(false),
          ),
        (errors) => {
          onInvalid(errors);
          resolve(false);
        },
      )();
    });
}

interface Registry {
  update: (id: string, label: string, dirty: boolean, save: SaveGroupAction) => void;
  remove: (id: string) => void;
}

const SaveGroupContext = createContext<Registry | null>(null);

export interface SaveGroups {
  registry: Registry;
  /** The groups with unsaved edits, by their titles, in the order they were edited. */
  unsaved: string[];
  /** Saves every group with edits; the titles of those saved and of those that were not. */
  saveAll: () => Promise<{ saved: string[]; failed: string[] }>;
}

/** The page's side: the groups below it register here; its one button calls `saveAll`. */
export function useSaveGroups(): SaveGroups {
  const saves = useRef(new Map<string, { label: string; save: SaveGroupAction }>());
  const [dirty, setDirty] = useState<Record<string, string>>({});
  const registry = useMemo<Registry>(
    () => ({
      update(id, label, isDirty, save) {
        saves.current.set(id, { label, save });
        setDirty((d) => {
          if (isDirty) return d[id] === label ? d : { ...d, [id]: label };
          if (!(id in d)) return d;
          const next = { ...d };
          delete next[id];
          return next;
        });
      },
      remove(id) {
        saves.current.delete(id);
        setDirty((d) => {
          if (!(id in d)) return d;
          const next = { ...d };
          delete next[id];
          return next;
        });
      },
    }),
    [],
  );
  const saveAll = async () => {
    const ids = Object.keys(dirty);
    const results = await Promise.all(
      ids.map(async (id) => {
        const group = saves.current.get(id);
        return { label: dirty[id]!, ok: group ? await group.save().catch(() => false) : false };
      }),
    );
    return {
      saved: results.filter((r) => r.ok).map((r) => r.label),
      failed: results.filter((r) => !r.ok).map((r) => r.label),
    };
  };
  return { registry, unsaved: Object.values(dirty), saveAll };
}

export function SaveGroupsProvider({ groups, children }: { groups: SaveGroups; children: ReactNode }) {
  return <SaveGroupContext.Provider value={groups.registry}>{children}</SaveGroupContext.Provider>;
}

/**
 * A group's side: tells the page whether it has unsaved edits and how to save them. Returns
 * whether a page saves it (then the group shows no Save button of its own).
 */
export function useSaveGroup(id: string, label: string, dirty: boolean, save: SaveGroupAction): boolean {
  const registry = useContext(SaveGroupContext);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    registry?.update(id, label, dirty, () => latest.current());
  }, [registry, id, label, dirty]);
  useEffect(() => () => registry?.remove(id), [registry, id]);
  return registry !== null;
}
