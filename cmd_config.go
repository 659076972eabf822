package main

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"sudokit/config"
	"sudokit/grade"
)

// defaultConfig is config.yaml, built into the binary so that sudokit runs
// without any file.
//
//go:embed config.yaml
var defaultConfig []byte

// configFlag is --config, shared by the commands that read the
// configuration.
var configFlag = &cli.StringFlag{Name: "config", Usage: "read settings from `FILE` (on top of the built-in config.yaml)"}

// loadConfig returns the built-in configuration with --config's file on top.
func loadConfig(c *cli.Context) (*config.Config, error) {
	cfg, err := config.Parse(defaultConfig, "built-in config.yaml", nil, grade.Keys())
	if err != nil {
		return nil, fmt.Errorf("built-in configuration: %w", err)
	}
	path := c.String("config")
	if path == "" {
		return cfg, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("config: %w", err)}
	}
	cfg, err = config.Parse(data, path, cfg, grade.Keys())
	if err != nil {
		return nil, usageError{err}
	}
	return cfg, nil
}

func configCommand() *cli.Command {
	return &cli.Command{
		Name:  "config",
		Usage: "print the effective configuration (the built-in config.yaml, with --config's file on top)",
		Description: `Without --config, prints the built-in config.yaml with its comments; copy it,
edit it, and pass it to any command with --config FILE. With --config, checks
the file (unknown keys, wrong types and inconsistent levels are errors that
name the line) and prints the merged result.`,
		Flags:        []cli.Flag{configFlag},
		OnUsageError: onUsageError,
		Action: func(c *cli.Context) error {
			cfg, err := loadConfig(c)
			if err != nil {
				return err
			}
			if c.String("config") == "" {
				_, err := c.App.Writer.Write(defaultConfig)
				return err
			}
			data, err := cfg.Marshal()
			if err != nil {
				return err
			}
			_, err = c.App.Writer.Write(data)
			return err
		},
	}
}
