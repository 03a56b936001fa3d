"""Single positions: gamao's text form, XG's and BGBlitz's position texts."""
