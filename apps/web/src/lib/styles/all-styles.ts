// Every Mantine component's styles, for the screens, menu and notifications that load after the first screen.
import '@mantine/core/styles.css';
