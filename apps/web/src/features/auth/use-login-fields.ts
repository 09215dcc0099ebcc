import type { LoginInput } from '@confab/shared';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;

/** The shared schema the server checks with, with zod, loaded on the first validation. */
const loadLoginSchema = async (usesUsername: boolean) => {
  const schemas = await import('./login-schema');
  return usesUsername ? schemas.usernameLoginSchema : schemas.loginSchema;
};

async function findErrors(values: LoginInput, usesUsername: boolean): Promise<FieldErrors> {
  const result = (await loadLoginSchema(usesUsername)).safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The login form's two fields, validated as the other auth forms validate theirs (react-hook-form's
 * `onTouched`: a field once left, then on every change; both on submit, focusing the first wrong
 * one). Its own small state rather than react-hook-form and zod, which would be a fifth of the
 * sign-in page's first download (issue 26): the schema loads when a field is first left.
 */
/** `usesUsername`: a directory login by user name (GET /api/config's ldap.username), no email pattern. */
export function useLoginFields({ usesUsername = false }: { usesUsername?: boolean } = {}) {
  const values = useRef<LoginInput>({ email: '', password: '' });
  const touched = useRef(new Set<Field>());
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});

  const revalidate = async (fields: readonly Field[]): Promise<FieldErrors> => {
    const found = await findErrors({ ...values.current }, usesUsername);
    setErrors((shown) => {
      const next = { ...shown };
      for (const field of fields) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
    return found;
  };

  const field = (name: Field) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.target.value;
      if (touched.current.has(name)) void revalidate([name]);
    },
    onBlur: () => {
      touched.current.add(name);
      void revalidate([name]);
    },
  });

  /** Runs `submit` with the values once both fields are valid; otherwise shows why. */
  const handleSubmit = (submit: (values: LoginInput) => void) => async (event: FormEvent) => {
    event.preventDefault();
    const fields: Field[] = ['email', 'password'];
    for (const name of fields) {
      touched.current.add(name);
      // What the inputs hold: a browser's autofill does not always send a change event.
      values.current[name] = inputs.current[name]?.value ?? values.current[name];
    }
    const found = await revalidate(fields);
    const firstWrong = fields.find((name) => found[name]);
    if (firstWrong) inputs.current[firstWrong]?.focus();
    else submit({ ...values.current });
  };

  return { field, errors, handleSubmit, getValue: (name: Field) => values.current[name] };
}
