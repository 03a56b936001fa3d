"""Rendering: findings, summaries, statistics tables, charts and the HTML report."""
