// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useGrowingCount } from "./use-growing-count";

function List({ items }: { items: number[] }) {
  const count = useGrowingCount(items, items.length, 4);
  return (
    <ul>
      {items.slice(0, count).map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

const counted = () => screen.queryAllByRole("listitem").length;

describe("useGrowingCount", () => {
  afterEach(cleanup);

  it("renders a long list a step at a time, to its end", async () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    render(<List items={items} />);
    expect(counted()).toBe(4);
    await waitFor(() => expect(counted()).toBe(10));
  });

  it("starts again with a new list, and renders a short one at once", async () => {
    const view = render(<List items={Array.from({ length: 10 }, (_, i) => i)} />);
    await waitFor(() => expect(counted()).toBe(10));
    view.rerender(<List items={Array.from({ length: 9 }, (_, i) => i + 100)} />);
    expect(counted()).toBe(4);
    await waitFor(() => expect(counted()).toBe(9));
    view.rerender(<List items={[1, 2]} />);
    expect(counted()).toBe(2);
  });
});
