extension CommandType {
  /// The fields of a ``Command`` that mean something for this type, in ``Command/Field`` order.
  ///
  /// A field is listed when the engine sends it for this type or a platform or the reference
  /// model reads it (protocol notes §2 and §3, `docs/PROTOCOL.md` §3): CREATE_BUTTON uses
  /// `internalId` (the parent), `childInternalId` (the new element) and `textValue` (the label);
  /// SET_STYLE uses `internalId`, `value` (the selector), `textValue` (the key) and `textValue2`
  /// (the value). Every current type but CREATE_APPLICATION (whose `internalId` is always 0) uses
  /// `internalId`; `key` is never listed: no engine version sets it.
  ///
  /// ```swift
  /// CommandType.createImageView.fields  // [.internalId, .childInternalId, .textValue, .width, .height]
  /// CommandType.historyGoBack.fields    // [.internalId]
  /// ```
  ///
  /// Element creations read more than this in the model (every CREATE_* stores `value`,
  /// `textValue2` and `flags`), but only these carry something an engine sends for the type.
  /// Names of older engine versions that the model maps to a current creation (§3.73) use that
  /// creation's fields; the other older names have no table and list none.
  ///
  /// - Complexity: O(1); the table is built once.
  public var fields: [Command.Field] { CommandType.fieldTable[Int(rawValue)] }

  private static let fieldTable: [[Command.Field]] = (allCases + [.custom]).map(\.protocolFields)

  /// The table's rows, by the protocol's facts (the `#` is the code in the current enum).
  private var protocolFields: [Command.Field] {
    let element: [Command.Field] = [.internalId, .childInternalId]
    switch self {
    case .createApplication: return [.childInternalId, .textValue, .textValue2, .flags]  // 0; id is always 0
    case .createOpenGLView, .createButton, .createDialog, .createAlertDialog, .createActionSheet,
      .createCheckbox, .createNavigationBarItem, .createNativeOpenGLView:
      return element + [.textValue]  // a title or label
    case .createTextField, .createTextView: return element + [.textValue, .flags]  // 4, 5: password 1/16, numeric 32
    case .createListView, .createSimpleListView: return element + [.flags]  // 6: 256 slider layout
    case .createSwitch: return element + [.value, .textValue, .textValue2]  // 9: state, on and off labels
    case .createLinearLayout, .createProxyLayout: return element + [.value]  // 11: direction
    case .createTableLayout, .createPageControl: return element + [.value]  // 16, 36: column or page count
    case .createText, .createTextLabel, .createHeadingText: return element + [.value, .textValue]  // 18: autolink, markdown
    case .createLink: return [.internalId, .textValue]  // 19: the label itself, the link text
    case .createImageView, .createImageElement: return element + [.textValue, .width, .height]  // 22
    case .createActionBar: return element + [.textValue, .textValue2, .flags]  // 29: back 1, save 2
    case .createToast: return [.internalId, .value, .textValue]  // 34: requester, duration, text
    case .createNotification: return element + [.textValue, .textValue2]  // 35: title, text
    case .createFrameView, .createNavigationView, .createGridView, .createPicker, .createFrameLayout,
      .createEventLayout, .createScrollLayout, .createFlipperLayout, .createAutoColumnLayout, .createPager,
      .createRadioGroup, .createSeparator, .createSlider, .createSearchBar, .createNavigationBar,
      .createProgressSpinner, .createSegmentedControl, .createProgressBar, .createFormView, .createBasicView,
      .createScrollView, .createRelativeLayout, .createPanel:
      return element
    case .deleteElement, .clear, .release, .flushView, .commitPreferences, .stop, .quitApp, .selectFromGallery,
      .historyGoBack, .listPurchases:
      return [.internalId]
    case .removeChild: return [.internalId, .childInternalId]  // 39
    case .reorderChild, .setIntValue, .createTimer: return [.internalId, .childInternalId, .value]  // 40, 45, 65
    case .launchBrowser, .shareLink, .deletePreference, .addSheet, .listProducts, .buyProduct, .consumePurchase:
      return [.internalId, .textValue]  // the purchases' t1 is the product or purchase
    case .setTextValue, .updatePreference: return [.internalId, .textValue, .textValue2]  // 46: t2 = action bar subtitle
    case .setTextData: return [.internalId, .textValue, .row, .column, .sheet]  // 48
    case .setVisibility, .reshapeTable, .showNetworkActivity: return [.internalId, .value]
    case .setIntData, .setShape: return [.internalId, .value]  // 47, 50: nobody sends them; by their names
    case .setStyle: return [.internalId, .value, .textValue, .textValue2]  // 51: selector, key, value
    case .setError, .addOption, .addColumn: return [.internalId, .value, .textValue]  // 52, 58, 60
    case .addImageURL: return [.internalId, .textValue, .width, .height]  // 53
    case .reshapeSheet: return [.internalId, .value, .sheet]  // 62
    case .toggleMenu, .setBackButtonVisibility, .historyGoForward, .showView, .show, .requestRedraw,
      .showMessageDialog, .showInputDialog, .postNotification, .setValue, .setLabel, .setAttribute,
      .setCaption, .deleteTimer, .createPlatform, .showActionSheet, .setUserId, .setEnabled, .setReadOnly,
      .setImage, .showDialog, .endModal, .showModal:
      return []  // older names the model does not model (§3.73)
    case .custom: return Command.Field.allCases  // a custom command may use every field (docs/WIDGETS.md §2.5)
    }
  }
}
