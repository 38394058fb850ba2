import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

type PanelProps = { open: boolean; label: string };

function Panel({ open, label }: PanelProps) {
  return <p data-state={open ? 'open' : 'closed'}>{label}</p>;
}

/** A component on demand whose code "arrives" when the test says so. */
function setUp(fails = false) {
  let arrive = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Panel>((resolve, reject) => {
        arrive = () => (fails ? reject(new Error('chunk gone')) : resolve(Panel));
      }),
  );
  const OnDemandPanel = onDemand<PanelProps>(load, (props) => props.open);
  return { load, OnDemandPanel, arrive: () => act(async () => arrive()) };
}

afterEach(cleanup);

describe('onDemand', () => {
  it('fetches nothing and renders nothing while shut and untouched', () => {
    const { load, OnDemandPanel } = setUp();
    const { container } = render(<OnDemandPanel open={false} label="details" />);
    expect(container.innerHTML).toBe('');
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches its code at the first sign of use, once, however many are on the page', () => {
    const { load, OnDemandPanel } = setUp();
    render(
      <>
        <OnDemandPanel open={false} label="first" />
        <OnDemandPanel open={false} label="second" />
      </>,
    );
    fireEvent.pointerOver(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows it once opened and its code has arrived, and keeps it mounted when shut', async () => {
    const { OnDemandPanel, arrive } = setUp();
    const { rerender } = render(<OnDemandPanel open={false} label="details" />);
    rerender(<OnDemandPanel open label="details" />);
    expect(screen.queryByText('details')).toBeNull();
    await arrive();
    expect(screen.getByText('details').dataset.state).toBe('open');
    rerender(<OnDemandPanel open={false} label="details" />);
    expect(screen.getByText('details').dataset.state).toBe('closed');
  });

  it('fetches its code once, and shows it at once when opened after it came', async () => {
    const { load, OnDemandPanel, arrive } = setUp();
    const { rerender } = render(<OnDemandPanel open={false} label="details" />);
    fireEvent.pointerOver(document.body);
    await arrive();
    // No moment empty: its first state (a generation's 'pending') is seen.
    rerender(<OnDemandPanel open label="details" />);
    expect(screen.getByText('details').dataset.state).toBe('open');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stays shut, without failing the screen, when its code cannot load', async () => {
    const { OnDemandPanel, arrive } = setUp(true);
    const { container } = render(
      <main>
        <OnDemandPanel open label="details" />
      </main>,
    );
    await arrive();
    expect(container.innerHTML).toBe('<main></main>');
  });
});
