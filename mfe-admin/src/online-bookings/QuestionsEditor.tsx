import { Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useFieldArray, useWatch } from 'react-hook-form';
import { fieldProps } from '@venue/ui/contract-form';
import { CheckboxField } from '@venue/ui/yes-no-field';
import { MAX_ONLINE_QUESTIONS, QUESTION_KINDS, type QuestionKind } from '@venue/contracts';
import { NEW_QUESTION } from './online-bookings-form.ts';
import type { OnlineBookingsForm } from './useOnlineBookingsForm.ts';

const KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Text answer',
  choice: 'Choice from a list',
  yesno: 'Yes or no',
};

/**
 * The venue's own questions on the request form: add, remove and reorder (buttons, so the
 * keyboard does all of it), each a text, a choice with its options or a yes/no, required or not.
 * A question keeps its id when it moves: the answers stored with bookings are keyed by it. The
 * rows are react-hook-form's field array: once a Save was tried, a move, removal or addition
 * checks the rows again, and a server's message (it named a row by its number) is dropped.
 */
export function QuestionsEditor({ form, disabled }: { form: OnlineBookingsForm; disabled: boolean }) {
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'questions' });
  const full = fields.length >= MAX_ONLINE_QUESTIONS;
  const listError =
    form.formState.errors.questions?.root?.message ?? form.formState.errors.questions?.message;
  // A question just added takes the focus, so the keyboard goes on to type it.
  const add = () => append({ ...NEW_QUESTION }, { focusName: `questions.${fields.length}.label` });

  return (
    <Stack gap="sm" data-testid="online-questions">
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questions yet: the request form asks only for the booking and contact details.
        </Text>
      ) : null}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      {fields.map((row, i) => (
        <QuestionFields
          key={row.id}
          form={form}
          index={i}
          count={fields.length}
          disabled={disabled}
          list={{ move: (from, by) => move(from, from + by), remove }}
        />
      ))}
      {!disabled ? (
        <Group gap="sm">
          <Button variant="light" onClick={add} disabled={full}>
            Add a question
          </Button>
          {full ? (
            <Text size="sm" c="dimmed">
              At most {MAX_ONLINE_QUESTIONS} questions.
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

interface QuestionList {
  move: (index: number, by: -1 | 1) => void;
  remove: (index: number) => void;
}

/** One question: its text, kind, required, and a choice's options. */
function QuestionFields({
  form,
  index: i,
  count,
  disabled,
  list,
}: {
  form: OnlineBookingsForm;
  index: number;
  count: number;
  disabled: boolean;
  list: QuestionList;
}) {
  const n = i + 1;
  const kind = useWatch({ control: form.control, name: `questions.${i}.kind` });
  return (
    <Fieldset legend={`Question ${n}`} p="sm">
      <Stack gap="xs">
        {!disabled ? (
          <QuestionMoves
            n={n}
            first={i === 0}
            last={i === count - 1}
            onMove={(by) => list.move(i, by)}
            onRemove={() => list.remove(i)}
          />
        ) : null}
        <TextInput label="Question text" {...fieldProps(form, `questions.${i}.label`)} disabled={disabled} />
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label="Answer"
            data={QUESTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            {...fieldProps(form, `questions.${i}.kind`)}
            disabled={disabled}
          />
          <CheckboxField
            control={form.control}
            name={`questions.${i}.required`}
            label="Must be answered"
            disabled={disabled}
            mt={{ base: 0, sm: 30 }}
          />
        </Group>
        {kind === 'choice' ? (
          <Textarea
            label="Options"
            description="One option a line, 2 to 20."
            autosize
            minRows={2}
            {...fieldProps(form, `questions.${i}.optionsText`)}
            disabled={disabled}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** Up, Down and Remove, as buttons so the keyboard reorders too. */
function QuestionMoves({
  n,
  first,
  last,
  onMove,
  onRemove,
}: {
  n: number;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Group justify="flex-end" gap={4}>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onMove(-1)}
        disabled={first}
        aria-label={`Move question ${n} up`}
      >
        Up
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onMove(1)}
        disabled={last}
        aria-label={`Move question ${n} down`}
      >
        Down
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={`Remove question ${n}`}
      >
        Remove
      </Button>
    </Group>
  );
}
