// Tell React it runs under tests, as Testing Library does only when test globals exist (ours are
// imported): React then warns, through console.error, about a state update outside act(), and the
// shared setup fails that test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
