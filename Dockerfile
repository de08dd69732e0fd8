# Shiftcord in a small image: Python slim, the exact versions of requirements.lock, a user
# without privileges, and the database in the volume /data.
#   docker build -t shiftcord .
#   docker run -d --env-file .env -v shiftcord-data:/data --name shiftcord shiftcord
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/shiftcord.sqlite3

WORKDIR /app

# The dependencies first (their layer is rebuilt only when the lock file changes).
COPY requirements.lock ./
RUN pip install -r requirements.lock

COPY pyproject.toml README.md ./
COPY games ./games
COPY render ./render
COPY ai ./ai
COPY bot ./bot
RUN pip install --no-deps . && rm -rf build ./*.egg-info

RUN useradd --system --uid 10001 --no-create-home --home-dir /nonexistent shiftcord \
    && mkdir /data && chown shiftcord /data
USER shiftcord
VOLUME ["/data"]

# `docker stop` sends SIGTERM: the bot finishes what it is posting and closes.
STOPSIGNAL SIGTERM
ENTRYPOINT ["python", "-m", "bot"]
