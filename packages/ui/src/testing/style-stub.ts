// Style sheets imported by components (Mantine's, a page's own) mean nothing to jsdom.
export default {};
