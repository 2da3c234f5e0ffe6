/*
 * The styles the service screens add to the shell's (which loads Mantine's whole core stylesheet,
 * ADR 20): the date picker's, loaded with the screens' chunks only.
 */
import '@mantine/dates/styles.css';
import '../../components/facts.css';
import './service.css';
