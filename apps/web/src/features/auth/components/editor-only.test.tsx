import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readOnlyUser, testUser } from '@/test/fixtures';
import { CurrentUserContext } from '../current-user-context';
import { EditorOnly } from './editor-only';

describe('EditorOnly', () => {
  it('shows its children to users who may edit', () => {
    render(
      <CurrentUserContext.Provider value={testUser}>
        <EditorOnly>
          <button>Add Plan</button>
        </EditorOnly>
      </CurrentUserContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Add Plan' })).toBeInTheDocument();
  });

  it('hides them from read-only users, showing the fallback instead', () => {
    render(
      <CurrentUserContext.Provider value={readOnlyUser}>
        <EditorOnly fallback={<span>View only</span>}>
          <button>Add Plan</button>
        </EditorOnly>
      </CurrentUserContext.Provider>,
    );
    expect(screen.queryByRole('button', { name: 'Add Plan' })).not.toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });
});
