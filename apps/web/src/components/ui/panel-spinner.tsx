import { Spinner } from './spinner';

/** What a side panel shows while the code of its body loads (the agent builder, the parameters). */
export function PanelSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-10 text-fg-tertiary">
      <Spinner />
    </div>
  );
}
