import { cleanup, fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { AttachButton, AttachedFiles } from './Attachments';

afterEach(cleanup);

function FilesHarness({ initial }: { initial: File[] }) {
  const [files, setFiles] = useState(initial);
  return (
    <>
      <AttachButton files={files} onFilesChange={setFiles} disabled={false} />
      <AttachedFiles files={files} onFilesChange={setFiles} />
    </>
  );
}

describe('Attachments', () => {
  const file = (name: string) => new File(['x'], name, { type: 'text/plain' });

  it('chosen files join the list, each chip removes only its own file, and an empty list shows nothing', () => {
    const view = render(<FilesHarness initial={[file('a.txt')]} />);
    const chooser = view.getByTestId('composer-file-input');
    fireEvent.change(chooser, { target: { files: [file('b.pdf'), file('c.png')] } });
    const names = () => Array.from(view.getByTestId('composer-files').querySelectorAll('.MuiChip-label')).map((el) => el.textContent);
    expect(names()).toEqual(['a.txt', 'b.pdf', 'c.png']);

    fireEvent.click(view.getAllByLabelText('Remove file')[1]);
    expect(names()).toEqual(['a.txt', 'c.png']);
    for (const remove of view.getAllByLabelText('Remove file').reverse()) fireEvent.click(remove);
    expect(view.queryByTestId('composer-files')).toBeNull();
  });
});
