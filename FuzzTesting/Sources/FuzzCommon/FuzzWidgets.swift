import CommandCodec

/// The widget schema the fuzz contract decodes with (docs/FUZZING.md): the bundled
/// `traces/widgets/all.widgets.json`, verbatim, so that the fuzz targets need no file at run time.
/// `FuzzWidgetsTests` (in CommandCodecTests) keeps the copy equal to the file.
public enum FuzzWidgets {
  /// The schema, parsed once.
  public static let schema: WidgetSchema = {
    do {
      return try WidgetSchema(parsing: text)
    } catch {
      fatalError("FuzzWidgets.text is not a valid widget schema: \(error)")
    }
  }()

  /// The text of `traces/widgets/all.widgets.json` (the blank line before the closing
  /// delimiter is the file's final newline).
  public static let text = #"""
{
  "widgetSchema": 1,
  "name": "all",
  "description": "The three bundled widgets together: chart, trip and table (their codes do not overlap, 1000, 1010 and 1020 on).",
  "widgets": [
    {
      "name": "PieChart",
      "description": "A full circle with a slice of piePercentage per cent.",
      "create": {
        "command": "CREATE_PIE_CHART",
        "code": 1000
      },
      "attributes": {
        "title": {
          "type": "string",
          "field": "textValue",
          "default": "",
          "description": "The caption under the pie."
        }
      },
      "properties": {
        "piePercentage": {
          "type": "int",
          "min": 0,
          "max": 100,
          "default": 0,
          "inspectable": true,
          "set": {
            "command": "SET_INT_VALUE",
            "field": "value"
          },
          "description": "The slice, in per cent."
        },
        "sliceColor": {
          "type": "colour",
          "default": "#1d4fb8",
          "inspectable": true,
          "set": {
            "command": "SET_STYLE",
            "key": "slice-color"
          }
        },
        "restColor": {
          "type": "colour",
          "default": "#e0e0e0",
          "inspectable": true,
          "set": {
            "command": "SET_STYLE",
            "key": "rest-color"
          }
        }
      },
      "events": {
        "tapped": {
          "class": "ValueEvent",
          "fields": {
            "value": "1 when the slice was tapped, 0 for the rest"
          }
        }
      },
      "size": {
        "preferredWidth": 200,
        "preferredHeight": 200,
        "minWidth": 48,
        "minHeight": 48
      },
      "preview": {
        "fill": "sliceColor",
        "text": "title"
      }
    },
    {
      "name": "TripCard",
      "create": {
        "command": "CREATE_TRIP_CARD",
        "code": 1010
      },
      "properties": {
        "flight": {
          "type": "string",
          "inspectable": true,
          "set": {
            "command": "SET_TRIP",
            "code": 1011,
            "field": "textValue"
          },
          "description": "The flight number, e.g. LH 454: the card shows once it is set."
        },
        "departure": {
          "type": "string",
          "set": {
            "command": "SET_TRIP",
            "code": 1011,
            "field": "textValue2"
          }
        },
        "seats": {
          "type": "int",
          "min": 0,
          "max": 999,
          "default": 1,
          "set": {
            "command": "SET_TRIP",
            "code": 1011,
            "field": "value"
          }
        },
        "boardingPass": {
          "type": "url",
          "set": {
            "command": "SET_TEXT_VALUE",
            "field": "textValue"
          }
        },
        "accent": {
          "type": "colour",
          "default": "#0a7d55",
          "inspectable": true,
          "set": {
            "command": "SET_STYLE",
            "key": "accent-color"
          }
        }
      },
      "events": {
        "reload": {
          "class": "CommandEvent",
          "fields": {
            "value": "1: the user pulled to reload"
          }
        },
        "opened": {
          "class": "ValueEvent",
          "fields": {
            "text": "the flight number of the card opened"
          }
        }
      },
      "size": {
        "preferredWidth": 360,
        "preferredHeight": 120,
        "minWidth": 320,
        "maxWidth": 400
      },
      "visibility": {
        "displayableAfter": [
          "flight"
        ],
        "hideable": true
      },
      "preview": {
        "fill": "accent",
        "text": "flight"
      }
    },
    {
      "name": "DataTable",
      "create": {
        "command": "CREATE_DATA_TABLE",
        "code": 1020
      },
      "attributes": {
        "style": {
          "type": "enum",
          "values": [
            "plain",
            "grouped",
            "insetGrouped"
          ],
          "default": "plain",
          "field": "textValue",
          "description": "Creation-time, like UITableView's style: immutable after CREATE_DATA_TABLE."
        },
        "columns": {
          "type": "int",
          "min": 1,
          "max": 16,
          "default": 1,
          "field": "value"
        }
      },
      "properties": {
        "rowHeight": {
          "type": "double",
          "min": 20,
          "max": 200,
          "default": 44,
          "inspectable": true,
          "set": {
            "command": "SET_STYLE",
            "key": "row-height"
          }
        },
        "showsSeparators": {
          "type": "bool",
          "default": true,
          "inspectable": true,
          "set": {
            "command": "SET_DATA_TABLE_FLAGS",
            "code": 1021,
            "field": "flags"
          }
        },
        "cellSize": {
          "type": "size",
          "default": "320x44",
          "set": {
            "command": "SET_STYLE",
            "key": "cell-size"
          }
        }
      },
      "events": {
        "rowSelected": {
          "class": "ValueEvent",
          "fields": {
            "value": "the row",
            "value2": "the section"
          }
        }
      },
      "size": {
        "minWidth": 200
      }
    }
  ]
}

"""#
}
